import { EntitySchema } from "typeorm";
import { createdAt, idColumn, text } from "./columns";

export interface User {
  id: number;
  username: string;
  passwordHash: string;
  role: string;
  createdAt: Date;
}

export const UserEntity = new EntitySchema<User>({
  name: "User",
  tableName: "users",
  columns: {
    id: idColumn,
    username: { ...text("username"), unique: true },
    passwordHash: text("password_hash"),
    role: { ...text("role"), default: "user" },
    createdAt,
  },
});
